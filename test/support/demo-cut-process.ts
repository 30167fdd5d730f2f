// `npm start` (test/support/gateway-process.ts) killed with SIGKILL at one point of the demo merchant's seeding: as
// soon as the answer to DEMO_CUT_AT (a method and a path, as in "POST /internal/merchants") has come back, before the
// seed does anything with it. The cut a power failure or an OOM kill makes there, at a chosen place; with
// DEMO_CUT_SIGNAL=SIGINT, the Ctrl-C of someone who gave up waiting.
const at = process.env.DEMO_CUT_AT ?? '';
const signal = (process.env.DEMO_CUT_SIGNAL ?? 'SIGKILL') as NodeJS.Signals;
const fetchOfNode = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const answer = await fetchOfNode(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (`${init?.method ?? 'GET'} ${url.pathname}`.replace(/[0-9a-f-]{36}/g, '{id}') === at) process.kill(process.pid, signal);
  return answer;
};

await import('./gateway-process.js');
