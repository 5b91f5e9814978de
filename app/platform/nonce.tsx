import { createContext, useContext } from 'react'

// The CSP nonce reaches components through React context: set by entry.server, empty in the browser
// (browsers hide nonce attributes after load, so hydration does not compare them).
const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
