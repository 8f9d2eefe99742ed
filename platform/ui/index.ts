// Public API of the React side of the platform. Each area exports through its own index.
export {};
