import type { ChildProcess } from 'node:child_process'

// Types for scripts/temp-redis.mjs, for the TypeScript tests that start a throwaway Redis.
export const REDIS_SERVER: string
export function redisInstalled(): boolean
export function redisArguments(port: number, dir: string): string[]
export function startTempRedis(options?: { port?: number }): Promise<{
	url: string
	port: number
	pid: number | undefined
	child: ChildProcess
	stop: () => Promise<void>
}>
