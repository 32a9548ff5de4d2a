// How the production server's Node process is started, by `npm start` and by the bench alike, so
// the bench measures the memory people get. docs/decisions/2026-11-25-lean-signed-in-reads-and-a-bounded-server.md, "Memory".

/**
 * V8's young generation grew to ~60 MB of semispaces (nothing live in them) and kept them
 * resident; the server's requests allocate small, short-lived objects, for which 4 MB semispaces
 * cost no throughput beyond the shared machine's noise in the bench's A/B (bench/REPORT.md).
 */
export const SERVER_NODE_ARGS = [
  '--max-semi-space-size=4',
  // After each full collection V8 lets the old generation grow by a factor it picks from the
  // allocation rate, large under load: the highest RSS of a bench run swung from 414 to 566 MB.
  // Growing by a fifth keeps it at 350–362 MB, throughput unchanged (docs/decisions/2026-11-25-lean-signed-in-reads-and-a-bounded-server.md, "Memory").
  '--heap-growing-percent=20',
  '--import',
  'tsx',
  'server/src/main.ts',
];

/**
 * glibc gives each thread that allocates (libuv's pool: scrypt, file reads, libvips) its own
 * malloc arena, each holding freed memory; two arenas keep that bounded. It also raises its mmap
 * threshold each time a large block is freed (up to 32 MB), after which blocks of that size come
 * from the heap and stay there once freed, behind live ones: a fixed 128 kB threshold (glibc's
 * default start) sends them to mmap and back to the system on free. Issue 48: the main heap idle
 * after a first start went from 127 to 66 MB, and a start on a prepared folder from 316 to 303 MB.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
