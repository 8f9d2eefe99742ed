import { Button, Group, Menu } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link, useMatch } from 'react-router';
import { ChevronIcon } from './chevron-icon';
import type { MenuNode } from './menu-tree';

interface MenuLevelProps {
  nodes: readonly MenuNode[];
  onNavigate?: () => void;
}

function TopLink({ node, onNavigate }: { node: MenuNode; onNavigate?: () => void }) {
  const path = node.path ?? '/';
  const active = useMatch({ path, end: true }) !== null;
  return (
    <Button
      component={Link}
      to={path}
      variant={active ? 'light' : 'subtle'}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      {node.item.Name}
    </Button>
  );
}

function dropdownEntries(nodes: readonly MenuNode[], onNavigate?: () => void): ReactNode {
  return nodes.map((node, index) => {
    if (node.children.length === 0) {
      return (
        <Menu.Item key={node.item.Id} component={Link} to={node.path ?? '/'} onClick={onNavigate}>
          {node.item.Name}
        </Menu.Item>
      );
    }
    return (
      <Fragment key={node.item.Id}>
        {index > 0 && <Menu.Divider />}
        <Menu.Label>{node.item.Name}</Menu.Label>
        {node.path && (
          <Menu.Item component={Link} to={node.path} onClick={onNavigate}>
            {node.item.Name}
          </Menu.Item>
        )}
        {dropdownEntries(node.children, onNavigate)}
      </Fragment>
    );
  });
}

function TopDropdown({ node, onNavigate }: { node: MenuNode; onNavigate?: () => void }) {
  return (
    <Menu trigger="click-hover" position="bottom-start" shadow="md" loop>
      <Menu.Target>
        <Button variant="subtle" rightSection={<ChevronIcon />}>
          {node.item.Name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {node.path && (
          <Menu.Item component={Link} to={node.path} onClick={onNavigate}>
            {node.item.Name}
          </Menu.Item>
        )}
        {dropdownEntries(node.children, onNavigate)}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The menu as a row of links, parents opening dropdowns; for the header. */
export function HorizontalMenu({ nodes, onNavigate }: MenuLevelProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {nodes.map((node) =>
        node.children.length > 0 ? (
          <TopDropdown key={node.item.Id} node={node} onNavigate={onNavigate} />
        ) : (
          <TopLink key={node.item.Id} node={node} onNavigate={onNavigate} />
        ),
      )}
    </Group>
  );
}
