/** Fixed inputs of the test vectors (vectors.json); every scalar is below r and non-zero. */
export const VECTOR_INPUTS = {
  masterShares: [
    '0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9',
    '1f2e3d4c5b6a79880796a5b4c3d2e1f01f2e3d4c5b6a79880796a5b4c3d2e1f0',
  ],
  mpinId: {
    userID: 'vector-user',
    mobile: 0,
    issued: '2026-11-23T00:00:00.000Z',
    salt: '000102030405060708090a0b0c0d0e0f',
  },
  pin: '0420',
  userSecretKey: '2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a',
  x: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  y: '3141592653589793238462643383279502884197169399375105820974944592',
  message: 'I allow Demo Shop to see my e-mail address.',
  dtas: 'verity-dta-1,verity-dta-2',
} as const;
