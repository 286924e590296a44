// The event-stream part of `npm run bench` on its own (docs/decisions/016): BENCH_STREAMS
// (2000) GET /api/events streams over the bench's sessions, the app's memory with them open, and how
// long until the last stream hears a change. Same knobs as bench/api.mjs.
process.env.BENCH_ONLY ||= 'events';
await import('./api.mjs');
