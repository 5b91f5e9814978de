import { describe, expect, it } from 'vitest'
import { directionOf, negotiateLocale, supportedLocale } from '../contract/locales'

describe('choosing a language', () => {
	it('takes the best supported language of Accept-Language, by quality then order', () => {
		expect(negotiateLocale('es-MX,es;q=0.9,en;q=0.8')).toBe('es')
		expect(negotiateLocale('de-DE,de;q=0.9,fr;q=0.5,en;q=0.4')).toBe('fr')
		expect(negotiateLocale('en;q=0.2, ar;q=0.9')).toBe('ar')
		expect(negotiateLocale('de, *')).toBeNull()
		expect(negotiateLocale('fr;q=0, en')).toBe('en')
		expect(negotiateLocale('')).toBeNull()
		expect(negotiateLocale('en-XA')).toBeNull()
	})

	it('reads a language tag in any case, and the pseudo-locale only by name', () => {
		expect(supportedLocale('FR-ca')).toBe('fr')
		expect(supportedLocale('en-XA')).toBe('en-XA')
		expect(supportedLocale('pt-BR')).toBeNull()
	})

	it('writes Arabic right to left', () => {
		expect(directionOf('ar')).toBe('rtl')
		expect(directionOf('fr')).toBe('ltr')
	})
})
