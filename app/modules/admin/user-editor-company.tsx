import type { WidgetProps } from '@rjsf/utils';
import { companyEntity } from '#metadata';
import { schemaFormWidgets, useRouteDefinitions } from '#platform/ui';

/** Whether users belong to companies now: the companies' screen is open (not `Closed`). */
function useCompaniesInUse(): boolean {
  const routes = useRouteDefinitions();
  const companies = routes.find((route) => route.route === companyEntity.screens.list);
  return companies !== undefined && companies.Closed === undefined;
}

/**
 * The user's company, chosen from the companies the editor may see, while users belong to
 * companies (the setting "Users belong to"); nothing at all while they do not.
 */
export function UserCompanyWidget(props: WidgetProps) {
  const inUse = useCompaniesInUse();
  const RemoteSelect = schemaFormWidgets.remoteSelect;
  if (!inUse || !RemoteSelect) return null;
  return (
    <RemoteSelect
      {...props}
      onChange={(next: unknown) =>
        props.onChange(next === null || next === undefined || next === '' ? null : Number(next))
      }
      options={{
        ...props.options,
        source: '/api/companies/GetAllCompanies',
        labelField: 'CompanyName',
      }}
    />
  );
}
