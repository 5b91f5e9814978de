import type { Config } from '@react-router/dev/config'

// The benchmark's baselines: a bare React Router app, server-rendered, no data; one route, or
// with BASELINE_ROUTES=product the product's route table of empty modules (in build-routes/).
export default {
	ssr: true,
	buildDirectory: process.env.BASELINE_ROUTES === 'product' ? 'build-routes' : 'build',
} satisfies Config
