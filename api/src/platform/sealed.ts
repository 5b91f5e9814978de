import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

// Secrets the API must read back but a copy of the database alone must not give away (two-factor
// secrets, an organization's client secret at its identity provider): AES-256-GCM under a key
// derived by HKDF-SHA256 from JWT_SECRET, which production requires and every API process shares,
// one key per purpose. `context` is bound as additional data (e.g. the owning account), so a
// sealed value moved to another row opens nothing. Stored as `v1.<iv>.<tag>.<ciphertext>`
// (base64url). Rotating JWT_SECRET makes sealed values unreadable (docs/deploy.md says so).

export const SEALED_VERSION = 'v1'
const keys = new Map<string, Buffer>()

function keyOf(jwtSecret: string, purpose: string): Buffer {
	const id = `${purpose}\u0000${jwtSecret}`
	let key = keys.get(id)
	if (!key) {
		key = Buffer.from(hkdfSync('sha256', jwtSecret, 'tutorhub', purpose, 32))
		keys.set(id, key)
	}
	return key
}

export function seal(jwtSecret: string, purpose: string, context: string, plain: string): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', keyOf(jwtSecret, purpose), iv)
	cipher.setAAD(Buffer.from(context))
	const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	return [
		SEALED_VERSION,
		...[iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')),
	].join('.')
}

/** Whether a stored value is sealed (rather than a plain value stored before sealing existed). */
export const isSealed = (stored: string) => stored.startsWith(`${SEALED_VERSION}.`)

/** The plain value, or null when it was sealed with another key, purpose or context. */
export function unseal(
	jwtSecret: string,
	purpose: string,
	context: string,
	stored: string,
): string | null {
	const [version, iv, tag, sealed, ...rest] = stored.split('.')
	if (version !== SEALED_VERSION || !iv || !tag || sealed === undefined || rest.length > 0)
		return null
	try {
		const bytes = (part: string) => Buffer.from(part, 'base64url')
		const decipher = createDecipheriv('aes-256-gcm', keyOf(jwtSecret, purpose), bytes(iv))
		decipher.setAAD(Buffer.from(context))
		decipher.setAuthTag(bytes(tag))
		return Buffer.concat([decipher.update(bytes(sealed)), decipher.final()]).toString('utf8')
	} catch {
		return null
	}
}
