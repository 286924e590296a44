// Imported first by the client's entry (main.tsx), before any module builds a schema: zod 4 decides
// when a schema is built whether to compile its validator with `new Function`, which the page's
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses and reports. Jitless, zod
// validates by interpretation and never tries (decision 049).
import { config } from 'zod';

config({ jitless: true });
