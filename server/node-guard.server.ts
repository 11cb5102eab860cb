/** Fails hard below Node 24: without the bridge package a plain `node` would silently be Node 20. */
export function assertNode24(where: string): void {
  const major = Number(process.versions.node.split('.')[0])
  if (major < 24) {
    throw new Error(
      `${where}: Node ${process.versions.node} is too old, Node 24 is required. Run through npm scripts so node_modules/.bin/node (Node 24) is used.`,
    )
  }
}
