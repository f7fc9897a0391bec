//! A yes or no read from either back end: PostgreSQL has booleans, SQLite keeps 0 and 1 (its `x IS NOT NULL`
//! is an integer too), and the Any driver reads an integer as no bool. Rows with a flag name it
//! `#[sqlx(try_from = "Flag")]`.

use sqlx::any::{AnyTypeInfo, AnyTypeInfoKind, AnyValueRef};
use sqlx::error::BoxDynError;
use sqlx::{Any, Decode, Type, ValueRef as _};

pub(super) struct Flag(bool);

impl From<Flag> for bool {
    fn from(flag: Flag) -> bool {
        flag.0
    }
}

impl Type<Any> for Flag {
    fn type_info() -> AnyTypeInfo {
        <bool as Type<Any>>::type_info()
    }

    fn compatible(ty: &AnyTypeInfo) -> bool {
        ty.kind() == AnyTypeInfoKind::Bool || ty.kind().is_integer()
    }
}

impl<'r> Decode<'r, Any> for Flag {
    fn decode(value: AnyValueRef<'r>) -> Result<Flag, BoxDynError> {
        if value.type_info().kind() == AnyTypeInfoKind::Bool {
            <bool as Decode<Any>>::decode(value).map(Flag)
        } else {
            <i64 as Decode<Any>>::decode(value).map(|n| Flag(n != 0))
        }
    }
}
