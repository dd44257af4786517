/** Thrown inside the placement's transaction to roll it back and ask for a rebuild. */
export class CannotPlace extends Error {}
