import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Link, matchPath, useLocation } from 'react-router';
import type { MenuNode } from './menu-tree';

interface VerticalEntryProps {
  node: MenuNode;
  onNavigate?: () => void;
}

function VerticalEntry({ node, onNavigate }: VerticalEntryProps) {
  const { pathname } = useLocation();
  const active = node.path !== null && matchPath({ path: node.path, end: true }, pathname) !== null;
  if (node.children.length === 0) {
    return (
      <MantineNavLink
        component={Link}
        to={node.path ?? '/'}
        label={node.item.Name}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  }
  return (
    <MantineNavLink label={node.item.Name} defaultOpened>
      {node.path && (
        <MantineNavLink
          component={Link}
          to={node.path}
          label={node.item.Name}
          active={active}
          onClick={onNavigate}
        />
      )}
      {node.children.map((child) => (
        <VerticalEntry key={child.item.Id} node={child} onNavigate={onNavigate} />
      ))}
    </MantineNavLink>
  );
}

/** The menu as a collapsible list; for a side or mobile navigation panel. */
export function VerticalMenu({
  nodes,
  onNavigate,
}: {
  nodes: readonly MenuNode[];
  onNavigate?: () => void;
}) {
  return (
    <Stack gap={0}>
      {nodes.map((node) => (
        <VerticalEntry key={node.item.Id} node={node} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}
