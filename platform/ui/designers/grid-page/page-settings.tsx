import { Grid, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslate } from '../data-source/use-translate';
import { PermissionPicker } from '../kit/permission-picker';
import { FilterRowsEditor } from './filter-rows-editor';
import { useDesigner, useFieldList } from './designer-context';
import { pageSizes } from './drafts';
import type { DataSourceChoice } from './grid-page-api';
import type { PageSetting } from './server-errors';
import { useTranslatedHint } from './translated-hint';

const keyTypes = new Set(['string', 'integer', 'number']);

function DataSourcePicker() {
  const t = useTranslate();
  const { state, dispatch, readOnly, choices } = useDesigner();
  const fixed = state.page.IsSystem;
  const list = choices.status === 'ready' ? choices.value : [];
  const id = state.dataSourceId;
  const option = (choice: DataSourceChoice) => ({ value: String(choice.Id), label: choice.Name });
  // The page's own source is offered while the list loads, or when the list leaves it out.
  const own =
    id > 0 && !list.some((choice) => choice.Id === id)
      ? [{ value: String(id), label: state.page.DataSourceName || String(id) }]
      : [];
  const groups = [
    { group: t('GRID_DESIGNER.DATA_SOURCES_USER'), items: list.filter((c) => !c.IsVirtual) },
    { group: t('GRID_DESIGNER.DATA_SOURCES_BUILT_IN'), items: list.filter((c) => c.IsVirtual) },
  ]
    .filter(({ items }) => items.length > 0)
    .map(({ group, items }) => ({ group, items: items.map(option) }));
  const data = [
    ...(id === 0 ? [{ value: '', label: t('GRID_DESIGNER.DATA_SOURCE_CHOOSE') }] : []),
    ...own,
    ...groups,
  ];
  const serverError = state.serverErrors.settings.DataSourceId?.join(' ');
  const failed = choices.status === 'failed' ? t('GRID_DESIGNER.DATA_SOURCES_FAILED') : null;
  return (
    <NativeSelect
      label={t('GRID_DESIGNER.DATA_SOURCE')}
      description={fixed ? t('GRID_DESIGNER.DATA_SOURCE_FIXED') : undefined}
      required
      data={data}
      value={id > 0 ? String(id) : ''}
      onChange={(event) => dispatch({ type: 'dataSource', id: Number(event.currentTarget.value) })}
      error={serverError || failed || undefined}
      disabled={readOnly || fixed}
    />
  );
}

function KeyField() {
  const t = useTranslate();
  const { state, dispatch, readOnly } = useDesigner();
  const fields = useFieldList();
  const candidates = fields.filter(
    (field) => field.IsPrimaryKey || (field.ColumnType !== null && keyTypes.has(field.ColumnType)),
  );
  const names = candidates.map((field) => field.Name);
  const own = state.pkField && !names.includes(state.pkField) ? [state.pkField] : [];
  const data = [{ value: '', label: t('GRID_DESIGNER.KEY_FIELD_SOURCE') }, ...own, ...names];
  return (
    <NativeSelect
      label={t('GRID_DESIGNER.KEY_FIELD')}
      description={t('GRID_DESIGNER.KEY_FIELD_HELP')}
      data={data}
      value={state.pkField}
      onChange={(event) => dispatch({ type: 'pkField', field: event.currentTarget.value })}
      error={state.serverErrors.settings.PkField?.join(' ') || undefined}
      // A built-in page's rows are addressed as the release says.
      disabled={readOnly || state.page.IsSystem}
    />
  );
}

function DefaultSort() {
  const t = useTranslate();
  const { state, dispatch, readOnly } = useDesigner();
  const fields = useFieldList();
  const sortable = fields
    .filter((field) => field.ColumnType !== null && field.ColumnType !== 'list')
    .map((field) => field.Name);
  const { sort } = state;
  const names = sort && !sortable.includes(sort.Field) ? [sort.Field, ...sortable] : sortable;
  const error = state.serverErrors.settings.DefaultSort?.join(' ') || undefined;
  return (
    <>
      <NativeSelect
        label={t('GRID_DESIGNER.SORT_FIELD')}
        data={[{ value: '', label: t('GRID_DESIGNER.SORT_NONE') }, ...names]}
        value={sort?.Field ?? ''}
        onChange={(event) => {
          const field = event.currentTarget.value;
          dispatch({
            type: 'sort',
            sort: field ? { Field: field, Desc: sort?.Desc ?? false } : null,
          });
        }}
        error={error}
        disabled={readOnly}
      />
      <NativeSelect
        label={t('GRID_DESIGNER.SORT_DIRECTION')}
        data={[
          { value: 'asc', label: t('GRID_DESIGNER.SORT_ASC') },
          { value: 'desc', label: t('GRID_DESIGNER.SORT_DESC') },
        ]}
        value={sort?.Desc ? 'desc' : 'asc'}
        onChange={(event) =>
          sort &&
          dispatch({ type: 'sort', sort: { ...sort, Desc: event.currentTarget.value === 'desc' } })
        }
        disabled={readOnly || !sort}
      />
    </>
  );
}

/**
 * The page's own settings: title, data source, key field, rows per page, default sort and
 * filter, and who may see it.
 */
export function PageSettings({ headingId }: { headingId: string }) {
  const t = useTranslate();
  const hint = useTranslatedHint();
  const { state, dispatch, readOnly, problems, filterProblem } = useDesigner();
  const [titleTouched, setTitleTouched] = useState(false);
  const serverError = (name: PageSetting) =>
    state.serverErrors.settings[name]?.join(' ') || undefined;
  const titleProblem = problems.title && titleTouched ? t(problems.title) : undefined;

  return (
    <Stack gap="sm">
      <Title order={3} id={headingId}>
        {t('GRID_DESIGNER.PAGE')}
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
          <TextInput
            label={t('GRID_DESIGNER.PAGE_TITLE')}
            description={hint(state.title) ?? t('GRID_DESIGNER.PAGE_TITLE_HELP')}
            required
            value={state.title}
            onChange={(event) => dispatch({ type: 'title', title: event.currentTarget.value })}
            onBlur={() => setTitleTouched(true)}
            error={serverError('PageTitle') ?? titleProblem}
            readOnly={readOnly}
            maxLength={200}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
          <DataSourcePicker />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
          <KeyField />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
          <Group grow gap="xs" align="flex-start">
            <NativeSelect
              label={t('GRID_DESIGNER.PAGE_SIZE')}
              data={pageSizes.map(String)}
              value={String(state.pageSize)}
              onChange={(event) =>
                dispatch({ type: 'pageSize', size: Number(event.currentTarget.value) })
              }
              error={serverError('PageSize')}
              disabled={readOnly}
            />
            <DefaultSort />
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
          <FilterRowsEditor error={serverError('DefaultFilter') ?? filterProblem ?? undefined} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
          <TextInput
            label={t('GRID_DESIGNER.FILTER_TITLE')}
            description={hint(state.filterTitle) ?? t('GRID_DESIGNER.FILTER_TITLE_HELP')}
            value={state.filterTitle}
            onChange={(event) =>
              dispatch({ type: 'filterTitle', title: event.currentTarget.value })
            }
            error={serverError('DefaultFilterTitle')}
            readOnly={readOnly}
            maxLength={200}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <PermissionPicker
            label={t('GRID_DESIGNER.PERMISSION')}
            value={state.permission}
            onChange={(permission) => dispatch({ type: 'permission', permission })}
            error={serverError('Permission')}
            readOnly={readOnly}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
