//! Services a server provides to modules — the database, the site's configuration — looked
//! up by type, so that the framework knows none of them.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::Arc;

use crate::error::ApiError;

/// A type-indexed set of shared services.
#[derive(Clone, Default)]
pub struct Services {
    items: HashMap<TypeId, Arc<dyn Any + Send + Sync>>,
}

impl Services {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) the service of type `T`.
    pub fn insert<T: Any + Send + Sync>(&mut self, service: T) -> &mut Self {
        self.items.insert(TypeId::of::<T>(), Arc::new(service));
        self
    }

    /// The service of type `T`, if the server provides one.
    pub fn get<T: Any + Send + Sync>(&self) -> Option<&T> {
        self.items.get(&TypeId::of::<T>()).and_then(|s| s.downcast_ref::<T>())
    }

    /// The service of type `T`, or an internal error naming what is missing.
    pub fn require<T: Any + Send + Sync>(&self) -> Result<&T, ApiError> {
        self.get::<T>().ok_or_else(|| {
            ApiError::internal("service", format!("this server provides no {}", std::any::type_name::<T>()))
        })
    }
}

impl std::fmt::Debug for Services {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Services({} items)", self.items.len())
    }
}
