//! [`RequestScope`]: values that live as long as one request, made when a module first asks
//! for them — a server's per-request resources (the database connection a request reads
//! through) without the framework knowing what they are.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// Values of one request, one of each type, dropped when the request ends (in the reverse of
/// the order they were made).
#[derive(Default)]
pub struct RequestScope {
    items: RefCell<Vec<(TypeId, Rc<dyn Any>)>>,
}

impl RequestScope {
    /// The request's value of type `T`, made by `make` the first time it is asked for. When
    /// `make` fails, nothing is kept and the next call tries again.
    pub fn get_or_try_insert<T: Any, E>(&self, make: impl FnOnce() -> Result<T, E>) -> Result<Rc<T>, E> {
        let id = TypeId::of::<T>();
        if let Some((_, item)) = self.items.borrow().iter().find(|(t, _)| *t == id) {
            return Ok(Rc::clone(item).downcast::<T>().expect("items are stored under their own type"));
        }
        // `make` may itself use the scope: it runs with nothing borrowed.
        let item = Rc::new(make()?);
        self.items.borrow_mut().push((id, Rc::clone(&item) as Rc<dyn Any>));
        Ok(item)
    }
}

impl Drop for RequestScope {
    fn drop(&mut self) {
        let items = self.items.get_mut();
        while items.pop().is_some() {}
    }
}

impl fmt::Debug for RequestScope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RequestScope({} items)", self.items.borrow().len())
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::RequestScope;

    #[test]
    fn a_value_is_made_once_and_shared() {
        let scope = RequestScope::default();
        let made = Cell::new(0);
        let make = || -> Result<String, ()> {
            made.set(made.get() + 1);
            Ok("connection".to_owned())
        };
        let first = scope.get_or_try_insert(make).unwrap();
        let second = scope.get_or_try_insert(make).unwrap();
        assert_eq!(made.get(), 1);
        assert!(std::rc::Rc::ptr_eq(&first, &second));
    }

    #[test]
    fn a_failed_make_keeps_nothing() {
        let scope = RequestScope::default();
        assert!(scope.get_or_try_insert::<u32, _>(|| Err("down")).is_err());
        assert_eq!(*scope.get_or_try_insert::<u32, &str>(|| Ok(7)).unwrap(), 7);
    }

    #[test]
    fn values_are_dropped_when_the_request_ends_last_made_first() {
        struct Noisy(&'static str, std::rc::Rc<std::cell::RefCell<Vec<&'static str>>>);
        impl Drop for Noisy {
            fn drop(&mut self) {
                self.1.borrow_mut().push(self.0);
            }
        }
        struct Other(#[allow(dead_code)] Noisy);
        let log = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        {
            let scope = RequestScope::default();
            scope.get_or_try_insert::<_, ()>(|| Ok(Noisy("first", log.clone()))).unwrap();
            scope.get_or_try_insert::<_, ()>(|| Ok(Other(Noisy("second", log.clone())))).unwrap();
            assert!(log.borrow().is_empty());
        }
        assert_eq!(*log.borrow(), ["second", "first"]);
    }
}
