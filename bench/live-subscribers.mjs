/**
 * bench:live's busy subscribers, on a worker thread of their own (bench/live.ts starts one or more), so
 * that the instrument does not share a thread with the order sender: on one thread 1,000 subscribers
 * took a whole core and their own queue became part of the latency they measured.
 *
 * workerData: { url, count, assets }. Messages in: 'measure', 'stop', 'close'. Messages out:
 * { ready }, once every connection has both books; { result } after 'stop' (a histogram of latencies in
 * whole milliseconds, the count of messages and of dropped connections); { closed } after 'close'.
 * The node: built-ins and `ws` only: Node 20 cannot load TypeScript in a worker through tsx.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

/** @type {{ url: string, count: number, assets: string[] }} */
const { url, count, assets } = workerData;
/** Latencies of 0 … LIMIT − 1 ms; a later message counts in the last bucket. */
const LIMIT = 60_000;
const histogram = new Uint32Array(LIMIT);
let measuring = false;
let messages = 0;
/** @type {{ ws: WebSocket, books: number, closed: boolean }[]} */
const subscribers = [];

/** @param {string} text */
function read(text, /** @type {{ books: number }} */ s) {
  const now = Date.now();
  for (const match of text.matchAll(/"event_type":"(\w+)"[^{}]*?"timestamp":"(\d+)"|"timestamp":"(\d+)"/g)) {
    messages++;
    if (match[1] === 'book') {
      s.books++;
      continue;
    }
    if (!measuring) continue;
    const ms = Math.min(LIMIT - 1, Math.max(0, now - Number(match[2] ?? match[3])));
    histogram[ms] = (histogram[ms] ?? 0) + 1;
  }
}

async function open() {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const s = { ws, books: 0, closed: false };
  ws.on('message', (data) => read(data.toString(), s));
  ws.on('close', () => {
    s.closed = true;
  });
  ws.on('error', () => {});
  ws.send(JSON.stringify({ type: 'market', assets_ids: assets }));
  subscribers.push(s);
}

for (let i = 0; i < count; i += 100)
  await Promise.all(Array.from({ length: Math.min(100, count - i) }, open));
while (subscribers.some((s) => s.books < assets.length && !s.closed))
  await new Promise((resolve) => setTimeout(resolve, 50));
parentPort?.postMessage({ ready: true });

parentPort?.on('message', async (command) => {
  if (command === 'measure') {
    measuring = true;
    messages = 0;
  } else if (command === 'stop') {
    measuring = false;
    const dropped = subscribers.filter((s) => s.closed).length;
    parentPort?.postMessage({ result: { histogram, messages, dropped } });
  } else if (command === 'close') {
    await Promise.all(
      subscribers.map(
        (s) =>
          new Promise((resolve) => {
            if (s.ws.readyState === WebSocket.CLOSED) return resolve(undefined);
            s.ws.once('close', resolve);
            s.ws.close();
          }),
      ),
    );
    parentPort?.postMessage({ closed: true });
  }
});
