// The flags node runs the server with (decision 081): the old generation capped at 512 MB and the young
// generation's semi-spaces at 2 MB. Without a cap, V8 sizes the heap for the machine (GBs on 24 GB)
// and lets garbage pile up before a full collection: the busy week's writes took the embedded farm's
// heap from 55 to 190 MB of mostly garbage and the process past 400 MB resident. With these it stays
// at ~60 MB. 512 MB leaves room for the largest legitimate work (an import of a 50 MB sheet, the read
// cache's 64 MB). `npm start`, the Dockerfile, the systemd unit and the bench all use them; a unit test
// (tests/unit/node-flags.test.ts) checks each says the same.
export const SERVER_NODE_FLAGS = ['--max-old-space-size=512', '--max-semi-space-size=2'];
