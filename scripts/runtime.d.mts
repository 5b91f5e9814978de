// Types for scripts/runtime.mjs (which Node the scripts run on), for its unit test.
export function satisfies(version: string, range: string): boolean
export function runtimePackage(
	platform?: string,
	arch?: string,
	glibc?: boolean,
): { name: string; missing?: undefined } | { missing: string; name?: undefined }
