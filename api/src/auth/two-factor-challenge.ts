import { jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import type { RefreshSession } from './refresh-tokens.ts'

// Between the password and the code of a two-factor login: a short-lived signed note that the
// password was right, which the second step needs with the code. It opens nothing by itself.

const CHALLENGE_TTL_SECONDS = 300

const claims = z.object({
	sub: z.string(),
	typ: z.literal('two-factor'),
	act: z.enum(['user', 'organization']),
	email: z.string(),
})

const keyOf = (secret: string) => new TextEncoder().encode(secret)

export function signChallenge(account: RefreshSession, email: string, secret: string) {
	return new SignJWT({ typ: 'two-factor', act: account.accountType, email })
		.setProtectedHeader({ alg: 'HS256' })
		.setSubject(account.accountId)
		.setIssuedAt()
		.setExpirationTime(Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS)
		.sign(keyOf(secret))
}

/** The account a valid, unexpired challenge names; null for anything else. */
export async function verifyChallenge(
	token: string,
	secret: string,
): Promise<(RefreshSession & { email: string }) | null> {
	try {
		const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] })
		const parsed = claims.safeParse(payload)
		if (!parsed.success) return null
		return { accountId: parsed.data.sub, accountType: parsed.data.act, email: parsed.data.email }
	} catch {
		return null
	}
}
