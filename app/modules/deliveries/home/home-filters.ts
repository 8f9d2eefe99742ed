/** The home grid's own filters beside the columns' (spec: "Initial filters"). */
export interface HomeFilters {
  /** Deliveries that started before today too. */
  showPast: boolean;
  /** Only the deliveries of the user's units. */
  mineOnly: boolean;
  /** Only the deliveries of active units. */
  activeUnitsOnly: boolean;
}

/** Spec: filters are restored on load only if last updated less than 8 hours ago. */
export const homeFiltersMaxAgeMs = 28_800_000;

/**
 * Where the home grid's state, filters and the legend's open state are kept, per user: people sharing a browser (a
 * plant's office) each get their own, and an administrator never starts on someone's Mine.
 */
export const homeStorageKeys = (userId: number | undefined) => {
  const user = userId ?? 'anonymous';
  return {
    grid: `deliveries.home.grid.${user}`,
    filters: `deliveries.home.filters.${user}`,
    legend: `deliveries.home.legend.${user}`,
  };
};

/** Past deliveries No; units Mine only (All for administrators); active units only. */
export const initialHomeFilters = (isAdmin: boolean): HomeFilters => ({
  showPast: false,
  mineOnly: !isAdmin,
  activeUnitsOnly: true,
});

export const isHomeFilters = (value: unknown): value is HomeFilters => {
  const filters = value as Partial<HomeFilters> | null;
  return (
    typeof filters === 'object' &&
    filters !== null &&
    typeof filters.showPast === 'boolean' &&
    typeof filters.mineOnly === 'boolean' &&
    typeof filters.activeUnitsOnly === 'boolean'
  );
};

/** The list's query parameters of the filters, as the server names them. */
export const homeFilterQuery = (filters: HomeFilters) => ({
  ShowPast: String(filters.showPast),
  MineOnly: String(filters.mineOnly),
  ActiveUnitsOnly: String(filters.activeUnitsOnly),
});
