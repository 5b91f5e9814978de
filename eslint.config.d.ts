// Types for app/layers.test.ts, which reads the domains' order from the config it tests.
import type { Linter } from 'eslint'

export const domainOrder: string[]
declare const config: Linter.Config[]
export default config
