// The part of oidc-provider's API the tests use: the package ships no types, and its DefinitelyTyped
// package would be one more dependency for a test helper.
declare module 'oidc-provider' {
	import type { IncomingMessage, ServerResponse } from 'node:http'

	type Grant = { addOIDCScope(scope: string): void; save(): Promise<string> }
	type OidcContext = {
		path: string
		body: unknown
		oidc: {
			client?: { clientId: string }
			session?: { accountId?: string }
			provider: { Grant: new (fields: { clientId: string; accountId: string }) => Grant }
		}
	}
	type Configuration = {
		clients: Record<string, unknown>[]
		jwks: { keys: Record<string, unknown>[] }
		cookies: { keys: string[] }
		claims: Record<string, string[]>
		conformIdTokenClaims: boolean
		features: Record<string, { enabled: boolean }>
		ttl: Record<string, number>
		findAccount(
			ctx: OidcContext,
			sub: string,
		): Promise<{ accountId: string; claims: () => Record<string, unknown> }>
		loadExistingGrant(ctx: OidcContext): Promise<Grant | undefined>
	}

	export default class Provider {
		constructor(issuer: string, configuration: Configuration)
		use(middleware: (ctx: OidcContext, next: () => Promise<void>) => Promise<void>): void
		callback(): (request: IncomingMessage, response: ServerResponse) => void
	}
}
