/**
 * `node --import tsx bench/scale-build.ts`: builds the scale data set in BENCH_DATABASE_URL (or
 * finds it built) and measures nothing else, to time the build on its own.
 */
import { ensureScaleData } from './scale-data';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL database of the bench’s own');
const info = await ensureScaleData(url);
console.log(JSON.stringify(info, null, 2));
