import '@testing-library/jest-dom/vitest';

// jsdom has no scrollTo; TanStack Router calls it on navigation.
window.scrollTo = () => {};
