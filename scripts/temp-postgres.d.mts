// Types for scripts/temp-postgres.mjs, for the TypeScript tests that start a throwaway cluster.
export function postgresBinDir(): string | null
export function startTempPostgres(options?: {
	port?: number
	bin?: string | null
	log?: 'ignore' | 'inherit'
}): Promise<{ url: string; socketUrl: string; port: number; stop: () => Promise<void> }>
