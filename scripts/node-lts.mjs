// Prints the folder of a supported Node.js for `.ci/run` to put first on PATH: nothing when the
// machine's own Node is supported, else the LTS from the npm registry (brought once, then cached).
import { ensureLtsNode, isSupported, NODE_LTS_VERSION } from './lib/node-lts.mjs';

if (!isSupported()) {
  console.error(
    `== Node.js ${process.version} é antigo; usando o Node.js ${NODE_LTS_VERSION} LTS do registro npm`,
  );
  console.log(ensureLtsNode());
}
