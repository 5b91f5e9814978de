import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

// An organization's client secret at its identity provider is kept sealed (AES-256-GCM) under a key
// derived from the API's own secret: a copy of the database alone does not give it away, and no
// answer ever carries it back (docs/decisions/040).

const keyOf = (apiSecret: string) =>
	createHash('sha256').update(`sso-client-secret:${apiSecret}`).digest()

export function sealSecret(secret: string, apiSecret: string): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', keyOf(apiSecret), iv)
	const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
	return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
}

export function openSecret(sealed: string, apiSecret: string): string {
	const [iv = '', tag = '', data = ''] = sealed.split('.')
	const bytes = (part: string) => Buffer.from(part, 'base64url')
	const decipher = createDecipheriv('aes-256-gcm', keyOf(apiSecret), bytes(iv))
	decipher.setAuthTag(bytes(tag))
	return Buffer.concat([decipher.update(bytes(data)), decipher.final()]).toString('utf8')
}
