//! The C ABI's types: grids, parameters, strings and candidates round-trip and are checked.

use super::*;

#[test]
fn grids_round_trip() {
    let mut grid = crate::text::parse::parse(
        ".93...7..5.4.7..1.27.3..5.8..2..78...4..5.6.....4...914.853.9...3...4.85..5..9.3.",
    )
    .unwrap();
    grid.eliminate(Cell::at(0, 0), 1);
    let abi = AbiGrid::from_grid(&grid);
    assert_eq!(abi.givens, givens_mask(grid.givens()));
    assert_eq!(abi.to_grid().unwrap(), grid);
    let mut broken = abi.clone();
    broken.values[0] = 12;
    assert_eq!(broken.to_grid().unwrap_err(), "r1c1 holds 12, not a digit");
}

#[test]
fn params_round_trip_and_are_checked() {
    let specs = [
        ParamSpec::int("max_size", "largest set", 4, 2, 7),
        ParamSpec::bool("hidden", "also hidden sets", true),
    ];
    let mut params = Params::defaults(&specs);
    params.set("max_size", ParamValue::Int(6));
    params.set("hidden", ParamValue::Bool(false));
    let text = encode_params(&params);
    assert_eq!(text, "max_size = 6\nhidden = false\n");
    assert_eq!(decode_params(&text, &specs).unwrap(), params);
    assert_eq!(decode_params("", &specs).unwrap(), Params::defaults(&specs));
    assert_eq!(
        decode_params("max_size = 9", &specs).unwrap_err(),
        "parameter `max_size` is `9`, but must be an integer in 2..=7"
    );
    assert_eq!(
        decode_params("hidden = 1", &specs).unwrap_err(),
        "parameter `hidden` is `1`, but must be true or false"
    );
    assert_eq!(
        decode_params("size = 3", &specs).unwrap_err(),
        "unknown parameter `size`"
    );
    assert!(decode_params("max_size", &specs).is_err());
}

#[test]
fn param_specs_cross_and_are_checked() {
    let spec = ParamSpec::int("max_size", "largest set", 4, 2, 7);
    let abi = AbiParamSpec::from_spec(&spec);
    // SAFETY: the strings borrow `spec`, alive here.
    assert_eq!(unsafe { abi.to_spec() }.unwrap(), spec);
    let spec = ParamSpec::bool("hidden", "also hidden sets", true);
    let mut abi = AbiParamSpec::from_spec(&spec);
    // SAFETY: as above.
    assert_eq!(unsafe { abi.to_spec() }.unwrap(), spec);
    abi.default = 2;
    // SAFETY: as above.
    let err = unsafe { abi.to_spec() }.unwrap_err();
    assert_eq!(err, "boolean parameter `hidden` has default 2, not 0 or 1");
    abi.kind = 9;
    // SAFETY: as above.
    let err = unsafe { abi.to_spec() }.unwrap_err();
    assert_eq!(err, "parameter `hidden` has unknown kind 9");
    let mut abi = AbiParamSpec::from_spec(&ParamSpec::int("n", "", 4, 2, 7));
    abi.default = 8;
    // SAFETY: as above.
    let err = unsafe { abi.to_spec() }.unwrap_err();
    assert_eq!(err, "parameter `n` has default 8 outside 2..=7");
}

#[test]
fn strings_and_candidates_are_checked() {
    let bytes = [0xffu8, 0xfe];
    let bad = AbiStr {
        ptr: bytes.as_ptr(),
        len: 2,
    };
    // SAFETY: two readable bytes.
    assert!(unsafe { bad.to_str() }.unwrap_err().contains("not UTF-8"));
    let null = AbiStr {
        ptr: std::ptr::null(),
        len: 3,
    };
    // SAFETY: a null pointer is checked before any read.
    assert!(unsafe { null.to_str() }.is_err());
    // SAFETY: the empty string reads nothing.
    assert_eq!(unsafe { AbiStr::EMPTY.to_str() }.unwrap(), "");
    let candidate = AbiCandidate { cell: 81, digit: 1 };
    assert!(candidate.to_pair().is_err());
    let candidate = AbiCandidate { cell: 80, digit: 0 };
    assert!(candidate.to_pair().is_err());
    let good = AbiCandidate::new(Cell::at(8, 8), 9);
    assert_eq!(good.to_pair().unwrap(), (Cell::new(80), 9));
}
