import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { checkBackend, type Credentials, type Report } from './check.ts'
import { Contract, ROLES, type Role } from './document.ts'

// npm run contract -- <base URL> [--student email:password] [--tutor …] [--organization …]
// [--document file]: checks a backend against the contract and prints, per declared call,
// whether it conforms. Exit code 1 when an exercised call does not (decision 042).

const USAGE = `Usage: npm run contract -- <base URL> [options]

  <base URL>                    the backend, e.g. http://localhost:4000 (or …/api/v1)
  --student email:password      a student account to use (default: register a new one)
  --tutor email:password        a teacher account to use (default: register a new one)
  --organization email:password an organization account to use (default: register a new one)
  --document file               the contract (default: api/openapi.json)
  --verbose                     list the checks of each call that conforms`

const root = new URL('../', import.meta.url)

/** The areas the reference API has not declared yet: the PENDING list of app/contract.test.ts. */
export async function pendingAreas(): Promise<string[]> {
	const source = await readFile(new URL('app/contract.test.ts', root), 'utf8').catch(() => '')
	const list = /const PENDING = \[([\s\S]*?)\]/.exec(source)?.[1] ?? ''
	return [...list.matchAll(/^\s*'([^']+)'/gm)].map(([, area]) => area!)
}

export function printReport(report: Report, verbose = false) {
	const lines: string[] = []
	const width = Math.max(...report.calls.map((call) => call.call.length))
	for (const call of report.calls) {
		const label = call.verdict.padEnd(16)
		const checks =
			verbose || call.verdict !== 'conforms'
				? ''
				: ` (${call.checks.length} check${call.checks.length === 1 ? '' : 's'})`
		lines.push(`${label} ${call.call.padEnd(width)}${checks}`)
		for (const problem of call.problems) lines.push(`${' '.repeat(17)}- ${problem}`)
		if (verbose && call.verdict === 'conforms')
			lines.push(`${' '.repeat(17)}  ${call.checks.join(', ')}`)
	}
	for (const area of report.notInContract)
		lines.push(`${'not in contract'.padEnd(16)} /api/v1${area} (api/README.md describes it)`)
	for (const note of report.notes) lines.push(`note: ${note}`)
	const count = (verdict: string) => report.calls.filter((call) => call.verdict === verdict).length
	lines.push(
		`\n${count('conforms')} conform, ${count('does not conform')} do not, ${count('not exercised')} not exercised; ${report.notInContract.length} areas not in the contract yet`,
	)
	return lines.map((line) => line.trimEnd()).join('\n')
}

async function main() {
	const { values, positionals } = parseArgs({
		allowPositionals: true,
		options: {
			student: { type: 'string' },
			tutor: { type: 'string' },
			organization: { type: 'string' },
			document: { type: 'string' },
			verbose: { type: 'boolean' },
			help: { type: 'boolean' },
		},
	})
	const [baseUrl] = positionals
	if (values.help || !baseUrl || !URL.canParse(baseUrl)) {
		console.error(USAGE)
		return 2
	}
	const accounts: Partial<Record<Role, Credentials>> = {}
	for (const role of ROLES) {
		const given = values[role]
		if (!given) continue
		const at = given.lastIndexOf(':')
		if (at < 1) {
			console.error(`--${role} takes email:password\n\n${USAGE}`)
			return 2
		}
		accounts[role] = { email: given.slice(0, at), password: given.slice(at + 1) }
	}
	const contract = await Contract.read(values.document ?? new URL('api/openapi.json', root))
	const report = await checkBackend({ baseUrl, contract, accounts, pending: await pendingAreas() })
	console.log(printReport(report, values.verbose))
	return report.calls.some((call) => call.verdict === 'does not conform') ? 1 : 0
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main()
