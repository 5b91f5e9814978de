// Types for app/layers.test.ts and api/test/layers.test.ts, which read the domains' orders from
// the config they test.
import type { Linter } from 'eslint'

export const domainOrder: string[]
declare const config: Linter.Config[]
export default config
export const apiDomainOrder: string[]
export const apiUnordered: string[]
