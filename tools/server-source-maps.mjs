// Preloaded by tools/serve.sh: stack traces mapped to the server's TypeScript sources through the
// compiled bundle's own source map, leaving the packages' maps unread. `--enable-source-maps` also
// read every map shipped in node_modules at start: about 25 MB resident and a quarter second.
import { setSourceMapsSupport } from 'node:module';

setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
