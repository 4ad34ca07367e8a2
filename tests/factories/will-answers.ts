/** The answers of a married testator with a child: every person in it has a name of their own. */
export const WILL_ANSWERS = {
  fullName: "Ada Lovelace",
  state: "California",
  address: "1 Main St, Springfield, CA 90001",
  maritalStatus: "Married",
  spouseName: "William King",
  children: "Yes",
  childrenNames: "Byron King",
  guardian: "Mary Somerville",
  executor: "Charles Babbage",
  executorAddress: "2 Analytical Way, Boston, MA 02101",
  assets: "House and savings",
  residualBeneficiary: "William King",
} as const;
