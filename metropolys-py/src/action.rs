//! `metropolys.Action`: a frozen, hashable, ordered action value.

use crate::errors;
use metropolys_core::{Action as CoreAction, Rule, RuleError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyString, PyType};

/// An action of the player to act: a bid (a building number on a
/// neighborhood, R-7/R-9) or a pass. Each action has a fixed integer
/// id in ``range(ACTION_COUNT)``: ``neighborhood * 13 + building - 1`` for
/// bids, ``PASS_ID`` (715) for the pass. Actions are ordered by id.
#[pyclass(frozen, eq, ord, hash, module = "metropolys", name = "Action")]
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Action(pub CoreAction);

/// The 716 action objects, created once and shared (actions are immutable).
static TABLE: PyOnceLock<Vec<Py<Action>>> = PyOnceLock::new();

/// The shared action objects, by id.
pub fn table(py: Python<'_>) -> PyResult<&Vec<Py<Action>>> {
    TABLE.get_or_try_init(py, || {
        (0..CoreAction::COUNT as u16)
            .map(|id| {
                let a = CoreAction::from_id(id).unwrap_or(CoreAction::Pass);
                Py::new(py, Action(a))
            })
            .collect()
    })
}

/// The 716 action ids as Python ints, created once: most ids are above the
/// interpreter's small-int cache, so handing out shared objects makes
/// `legal_action_ids` a list of references rather than of new ints.
static IDS: PyOnceLock<Vec<Py<pyo3::types::PyInt>>> = PyOnceLock::new();

/// The shared Python ints of the action ids, by id.
pub fn ids(py: Python<'_>) -> &Vec<Py<pyo3::types::PyInt>> {
    IDS.get_or_init(py, || {
        (0..CoreAction::COUNT as u16)
            .map(|id| pyo3::types::PyInt::new(py, id).unbind())
            .collect()
    })
}

/// The shared Python object of a valid action.
pub fn object(py: Python<'_>, a: CoreAction) -> PyResult<Py<Action>> {
    let id = in_space(py, a)?;
    Ok(table(py)?[id as usize].clone_ref(py))
}

/// The id of an action of the action space, or `IllegalActionError` for a
/// bid naming no neighborhood or no building: never another
/// action.
fn in_space(py: Python<'_>, a: CoreAction) -> PyResult<u16> {
    match (a, a.id()) {
        (_, Some(id)) => Ok(id),
        (CoreAction::Bid { neighborhood, .. }, None) if neighborhood >= 55 => Err(
            errors::rule_error(py, RuleError::UnknownNeighborhood(neighborhood)),
        ),
        (CoreAction::Bid { building, .. }, None) => {
            Err(errors::rule_error(py, RuleError::UnknownBuilding(building)))
        }
        (CoreAction::Pass, None) => Ok(CoreAction::PASS_ID),
    }
}

/// A core action from an id given as any Python integer.
pub fn from_id(py: Python<'_>, id: i64) -> PyResult<CoreAction> {
    u16::try_from(id)
        .ok()
        .and_then(|id| CoreAction::from_id(id).ok())
        .ok_or_else(|| unknown_id(py, &id.to_string()))
}

/// `IllegalActionError` for an integer that is no action id.
pub fn unknown_id(py: Python<'_>, shown: &str) -> PyErr {
    errors::raise(
        py,
        errors::Kind::IllegalAction,
        format!(
            "§8: there is no action id {shown}; ids are 0-{} (see Action.from_id)",
            CoreAction::PASS_ID
        ),
        &[Rule::Section8],
    )
}

/// How a Python argument names an action.
pub enum Given {
    /// A valid action.
    Action(CoreAction),
    /// An integer that is no action id (as Python prints it).
    BadId(String),
}

/// Reads an `Action`, an integer id, the string `"pass"` or the JSON form
/// (`{"bid": {"neighborhood": 12, "building": 3}}`).
pub fn extract(obj: &Bound<'_, PyAny>) -> PyResult<Given> {
    if let Ok(a) = obj.cast::<Action>() {
        return Ok(Given::Action(a.get().0));
    }
    if obj.is_instance_of::<PyBool>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "a bool is not an action; give an Action or an action id",
        ));
    }
    // Integers, and integer-like objects such as numpy integers (__index__).
    if obj.is_instance_of::<PyInt>() || obj.hasattr("__index__")? {
        let id: Option<u16> = obj.extract().ok();
        return Ok(match id.map(CoreAction::from_id) {
            Some(Ok(a)) => Given::Action(a),
            _ => Given::BadId(obj.str()?.to_string()),
        });
    }
    if obj.is_instance_of::<PyString>() || obj.hasattr("keys")? {
        let text = crate::convert::json_text(obj)?;
        let text = if obj.is_instance_of::<PyString>() && !text.trim_start().starts_with(['{', '"'])
        {
            format!("{text:?}")
        } else {
            text
        };
        // The one strict parser of core: a malformed action is an
        // `IllegalActionError` naming the field, never another action.
        let a = CoreAction::from_json(&text).map_err(|e| {
            let rule = e.rule();
            errors::raise(obj.py(), errors::Kind::IllegalAction, e.to_string(), rule)
        })?;
        in_space(obj.py(), a)?;
        return Ok(Given::Action(a));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "expected an Action, an action id (int), \"pass\" or {{\"bid\": {{...}}}}, not {}",
        obj.get_type().name()?
    )))
}

/// Like [`extract`], raising `IllegalActionError` for an unknown id.
pub fn extract_valid(obj: &Bound<'_, PyAny>) -> PyResult<CoreAction> {
    match extract(obj)? {
        Given::Action(a) => Ok(a),
        Given::BadId(shown) => Err(unknown_id(obj.py(), &shown)),
    }
}

fn check_bid(py: Python<'_>, neighborhood: i64, building: i64) -> PyResult<CoreAction> {
    // Core's messages, with the id as given (it may not fit a u8).
    let unknown = |e: RuleError, message: String| {
        errors::raise(py, errors::Kind::IllegalAction, message, e.rule())
    };
    if !(0..55).contains(&neighborhood) {
        return Err(unknown(
            RuleError::UnknownNeighborhood(0),
            format!("R-7/R-9: there is no neighborhood {neighborhood}; ids are 0-54"),
        ));
    }
    if !(1..=13).contains(&building) {
        return Err(unknown(
            RuleError::UnknownBuilding(0),
            format!("R-7/R-9: there is no building {building}; buildings are numbered 1-13"),
        ));
    }
    Ok(CoreAction::bid(neighborhood as u8, building as u8))
}

/// ``action`` (an ``Action``, an id, ``"pass"`` or the JSON dict) in
/// words a player reads, in ``lang`` (default: the module's language):
/// ``"bid 7 (medium) on 12 (center, mall)"`` in the Expert game (the
/// building's size is told there only), ``"pass"``; ``str(action)`` is the
/// notation that ``Action.parse`` reads back. Raises
/// ``IllegalActionError`` for an id that is no action, ``ValueError`` for an
/// unknown variant or language.
#[pyfunction]
#[pyo3(signature = (action, variant, *, lang=None))]
pub fn describe_action(
    action: &Bound<'_, PyAny>,
    variant: &str,
    lang: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let a = extract_valid(action)?;
    let v: metropolys_core::Variant = crate::names::parse(variant).map_err(errors::value_error)?;
    let lang = crate::text::lang_or_default(lang)?;
    Ok(metropolys_text::Texts::of(lang).action(v, a))
}

#[pymethods]
impl Action {
    /// A bid of building ``building`` (1–13) on neighborhood
    /// ``neighborhood`` (0–54).
    #[staticmethod]
    fn bid(
        py: Python<'_>,
        neighborhood: crate::ints::Int,
        building: crate::ints::Int,
    ) -> PyResult<Py<Action>> {
        let neighborhood = neighborhood.0;
        let building = building.0;
        object(py, check_bid(py, neighborhood, building)?)
    }

    /// The pass (same as ``Action.PASS``).
    #[staticmethod]
    fn pass_(py: Python<'_>) -> PyResult<Py<Action>> {
        object(py, CoreAction::Pass)
    }

    /// The pass.
    #[classattr]
    #[allow(non_snake_case)]
    fn PASS(py: Python<'_>) -> PyResult<Py<Action>> {
        object(py, CoreAction::Pass)
    }

    /// The action with integer id ``id`` (0–715).
    #[staticmethod]
    fn from_id(py: Python<'_>, id: crate::ints::Int) -> PyResult<Py<Action>> {
        let id = id.0;
        object(py, from_id(py, id)?)
    }

    /// The action from its JSON form: ``'"pass"'`` or
    /// ``'{"bid": {"neighborhood": 12, "building": 3}}'`` (a str, or the
    /// decoded dict / ``"pass"``).
    #[staticmethod]
    fn from_json(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Py<Action>> {
        object(py, extract_valid(value)?)
    }

    /// The action a text names: its ``str`` form (``"bid 3 on 12"``: building
    /// 3 on neighborhood 12), the compact ``"12 3"`` (neighborhood, then
    /// building) or ``"pass"`` (parsed by core). Raises ``ActionParseError``
    /// (a ``ValueError``) for any other text.
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<Py<Action>> {
        object(py, crate::text::parse(py, text)?)
    }

    /// The integer id, in ``range(ACTION_COUNT)``.
    #[getter]
    fn id(&self) -> u16 {
        self.0.id().unwrap_or(CoreAction::PASS_ID)
    }

    /// Whether this is the pass.
    #[getter]
    fn is_pass(&self) -> bool {
        self.0 == CoreAction::Pass
    }

    /// Whether this is a bid.
    #[getter]
    fn is_bid(&self) -> bool {
        self.0 != CoreAction::Pass
    }

    /// The neighborhood bid on, or ``None`` for the pass.
    #[getter]
    fn neighborhood(&self) -> Option<u8> {
        match self.0 {
            CoreAction::Bid { neighborhood, .. } => Some(neighborhood),
            CoreAction::Pass => None,
        }
    }

    /// The building number placed, or ``None`` for the pass.
    #[getter]
    fn building(&self) -> Option<u8> {
        match self.0 {
            CoreAction::Bid { building, .. } => Some(building),
            CoreAction::Pass => None,
        }
    }

    /// The JSON form, as a str.
    fn to_json(&self) -> String {
        serde_json::to_string(&self.0).unwrap_or_default()
    }

    /// The JSON form as a Python value: ``"pass"`` or
    /// ``{"bid": {"neighborhood": 12, "building": 3}}``.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::convert::to_py(py, &self.0)
    }

    fn __int__(&self) -> u16 {
        self.id()
    }

    fn __repr__(&self) -> String {
        match self.0 {
            CoreAction::Bid {
                neighborhood,
                building,
            } => format!("Action.bid({neighborhood}, {building})"),
            CoreAction::Pass => "Action.PASS".into(),
        }
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u16,))> {
        let cls: Bound<'py, PyType> = slf.get_type();
        Ok((cls.getattr("from_id")?, (slf.get().id(),)))
    }
}
