// Types for scripts/free-port.mjs.
export function freePort(): Promise<number>
