declare module 'uk-modulus-checking' {
  /** VocaLink modulus checking of a UK sort code and account number (uphold/uk-modulus-checking). */
  export default class UkModulusChecking {
    constructor(input: { accountNumber: string; sortCode: string });
    isValid(): boolean;
  }
}
