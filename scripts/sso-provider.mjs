// A local OpenID provider for trying single sign-on (issue 31, docs/decisions/040): the same
// oidc-provider the tests start, on http://127.0.0.1:4800 (SSO_PROVIDER_PORT), with a client for
// the app at PUBLIC_URL (http://localhost:3000 by default). Its login page takes any email address
// and any password, and signs in as that address (verified). Enter what it prints on
// /organization/single-sign-on, with the addresses' domain, e.g. example.com.
import { startProvider } from '../api/test/oidc-provider.ts'

const port = Number(process.env.SSO_PROVIDER_PORT || 4800)
const appUrl = (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '')
const provider = await startProvider({
	appUrl,
	port,
	clientId: 'tutorhub-local',
	clientSecret: 'local-provider-secret',
	emailLogins: true,
})
console.log(`OpenID provider for ${appUrl}:
  Issuer URL     ${provider.issuer}
  Client ID      ${provider.clientId}
  Client secret  ${provider.clientSecret}
Sign in at it with any email address (e.g. student@example.com) and any password. Ctrl-C stops it.`)
