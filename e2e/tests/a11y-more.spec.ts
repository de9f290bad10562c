import { test } from "./fixtures";
import { sweep } from "./a11y-helpers";
import { ADMIN_STATE } from "./helpers";

test.use({ storageState: ADMIN_STATE });

/** Issue 28 §6: the second half of the axe sweep over every menu screen (the first is in a11y.spec.ts). */
sweep(1);
