import { jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import type { Account } from './context.ts'

const claims = z.object({
	sub: z.string(),
	role: z.enum(['student', 'tutor', 'organization']),
	orgId: z.string().nullable(),
	typ: z.literal('access'),
})

const keyOf = (secret: string) => new TextEncoder().encode(secret)

export async function signAccessToken(account: Account, secret: string, ttlSeconds: number) {
	return new SignJWT({ role: account.role, orgId: account.orgId, typ: 'access' })
		.setProtectedHeader({ alg: 'HS256' })
		.setSubject(account.id)
		.setIssuedAt()
		.setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
		.sign(keyOf(secret))
}

/** The account a valid, unexpired access token names; null for anything else. */
export async function verifyAccessToken(token: string, secret: string): Promise<Account | null> {
	try {
		const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] })
		const parsed = claims.safeParse(payload)
		if (!parsed.success) return null
		return { id: parsed.data.sub, role: parsed.data.role, orgId: parsed.data.orgId }
	} catch {
		return null
	}
}
