/**
 * The demo's start-up moments as User Timing marks (`demo:*`), so a trace or `npm run bench:demo`
 * shows where a page load goes (docs/demo.md). A worker has its own timeline: it sends its moments
 * to the page (workerMark), which marks them at the same instant on the page's timeline.
 */
export const MARKS_CHANNEL = 'labellens-demo-marks';

export function mark(name: string) {
  performance.mark(`demo:${name}`);
}

/** In a worker: tells every demo page that `name` happened now. */
export function workerMark(name: string) {
  const channel = new BroadcastChannel(MARKS_CHANNEL);
  channel.postMessage({ name, at: performance.timeOrigin + performance.now() });
  channel.close();
}

/** In a page: marks the moments the demo's workers send (only those after this page started). */
export function receiveWorkerMarks() {
  const channel = new BroadcastChannel(MARKS_CHANNEL);
  channel.onmessage = ({ data }: MessageEvent<{ name: string; at: number }>) => {
    const startTime = data.at - performance.timeOrigin;
    if (startTime >= 0) performance.mark(`demo:worker:${data.name}`, { startTime });
  };
}
