// `npm start` (src/main.ts, configured from the environment) as a test's child process, for tests that kill a
// gateway and start it again. Bounded: it stops the way main.ts stops on SIGTERM when its parent goes away (stdin
// closes), and after GATEWAY_MAX_LIFETIME_MS at most, so a test that dies leaves no gateway running.
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
setTimeout(() => process.kill(process.pid, 'SIGTERM'), Number(process.env.GATEWAY_MAX_LIFETIME_MS ?? 120_000));

await import('../../src/main.js');
