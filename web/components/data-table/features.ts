import { tableFeatures } from "@tanstack/react-table";

/** The one TanStack Table v9 feature set every list shares; features are added here as lists need them. */
export const features = tableFeatures({});

export type Features = typeof features;
