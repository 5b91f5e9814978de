import type { Config } from '@react-router/dev/config'

// The benchmark's baseline: a bare React Router app, server-rendered, one route, no data.
export default { ssr: true } satisfies Config
