// Guard: the project runs on the Node 24 it brings in node_modules/.bin (see docs/decisions/001-node-24-bridge.md).
// Run through an npm script, `node` resolves to that binary; anything older means the bridge is missing.
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is too old: this project needs Node 24. Run it through npm (npm start, npm test, npm run …) after "npm install", which brings Node 24 into node_modules/.bin.`,
  )
  process.exit(1)
}
