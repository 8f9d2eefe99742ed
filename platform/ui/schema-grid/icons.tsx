import { StrokeIcon as Icon } from '../icons/stroke-icon';

type IconProps = { size?: number; label?: string; className?: string };

export const SortAscIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </Icon>
);
export const SortDescIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </Icon>
);
export const UnsortedIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 9l4-4 4 4M8 15l4 4 4-4" />
  </Icon>
);
export const FilterIcon = ({ filled, ...props }: IconProps & { filled?: boolean }) => (
  <Icon {...props}>
    <path
      d="M4 4h16v2.2a2 2 0 0 1-.6 1.4L15 12v7l-6 2v-8.5L4.5 7.5A2 2 0 0 1 4 6.2z"
      fill={filled ? 'currentColor' : 'none'}
    />
  </Icon>
);
export const RefreshIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 11A8.1 8.1 0 0 0 4.5 9M4 5v4h4M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4" />
  </Icon>
);
export const CheckIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 12l5 5L20 7" />
  </Icon>
);
export const EditIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4M13.5 6.5l4 4" />
  </Icon>
);
export const ViewIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 12a2 2 0 1 0 4 0 2 2 0 0 0-4 0" />
    <path d="M21 12c-2.4 4-5.4 6-9 6s-6.6-2-9-6c2.4-4 5.4-6 9-6s6.6 2 9 6" />
  </Icon>
);
export const DeleteIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
  </Icon>
);
export const OpenIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 6H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6M11 13l9-9M15 4h5v5" />
  </Icon>
);
export const MoreIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5.5v.01M12 12v.01M12 18.5v.01" strokeWidth={3} />
  </Icon>
);
export const PlusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);
export const ArrowRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 12h14M13 18l6-6-6-6" />
  </Icon>
);
export const SortAlphaIcon = ({ desc, ...props }: IconProps & { desc: boolean }) => (
  <Icon {...props}>
    <path
      d={
        desc
          ? 'M15 5h4l-4 6h4M19 19v-4a2 2 0 1 0-4 0v4M15 17h4'
          : 'M15 10v-4a2 2 0 1 1 4 0v4M15 8h4M15 14h4l-4 6h4'
      }
    />
    <path d="M4 15l3 3 3-3M7 6v12" />
  </Icon>
);
