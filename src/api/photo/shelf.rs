use std::collections::VecDeque;
use std::sync::Arc;

use crate::photo::Photo;

/// Photos open on the host, most recent last. A 12-megapixel photo is 36 MB decoded, and a player
/// works on one at a time (two while comparing), so a few are kept and the oldest let go.
#[derive(Default)]
pub struct PhotoShelf {
    photos: VecDeque<(String, Arc<Photo>)>,
}

const KEPT: usize = 3;

impl PhotoShelf {
    pub fn put(&mut self, photo: Photo) -> String {
        let id = uuid::Uuid::new_v4().simple().to_string();
        self.photos.push_back((id.clone(), Arc::new(photo)));
        while self.photos.len() > KEPT {
            self.photos.pop_front();
        }
        id
    }

    pub fn get(&self, id: &str) -> Option<Arc<Photo>> {
        self.photos.iter().find(|(i, _)| i == id).map(|(_, p)| p.clone())
    }
}
