/** Addresses only this machine reaches: the dev outbox and test hooks listen on nothing else. */
export const isLoopback = (host: string) =>
	host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
