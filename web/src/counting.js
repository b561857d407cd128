// `tool-output:core/counting` for JavaScript hosts. The engine runs on one
// thread here, so no tally is ever opened: the engine counts every token
// itself, with the same result as a host that spreads the count over cores.

export const NO_COUNTING = {
  Tally: class Tally {
    static open() {
      return undefined;
    }
  },
};
