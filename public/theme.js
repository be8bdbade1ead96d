// Applies the saved or system colour theme before first paint (an external file: the CSP allows no inline script).
(() => {
  let dark = false;
  try {
    const saved = localStorage.getItem('marketdesk-theme');
    dark =
      saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    dark = false;
  }
  const root = document.documentElement;
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
