// A minimal mas/v1 kind: Agent manifest named `name`, for tests that build MAS apps in memory.
export const masAgent = (name: string): string => `apiVersion: mas/v1
kind: Agent
metadata:
  name: ${name}
spec:
  description: Answers questions about ${name}.
  context:
    role: You answer questions about ${name}.
  models:
    - model: gpt-4o-mini
`;
