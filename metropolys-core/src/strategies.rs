//! proptest strategies for configurations and legal game prefixes.
