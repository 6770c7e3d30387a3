// The one-language check moved into the labels module with the lists it reads; tests keep this import.
export { latinOutsideLiterals } from '../labels/index.ts';
