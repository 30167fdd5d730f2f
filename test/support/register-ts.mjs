// `node --import ./test/support/register-ts.mjs file.ts`: runs a TypeScript entry through ts-loader.mjs.
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
